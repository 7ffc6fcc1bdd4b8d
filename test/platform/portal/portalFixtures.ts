/** Shared bits of the portal client tests. */
import { expect } from 'chai';
import { PlatformError } from '../../../src/errors/platformError.js';

export const PORTAL = 'KA-01234';

/** A small body of spec 2.2, as start, step and resume-quickpick answer it. */
export const SEARCH_RESPONSE = {
  casebase: {
    casebaseId: '12',
    name: 'Printers',
    id: '34',
    status: 'live',
    profiles: { profile: [{ id: '1', name: 'System' }], paginationInfo: { count: 1, pagenum: 1, pagesize: 10 } },
    searchSettings: { closeSessionOnAccept: true, closeSessionOnReject: false },
  },
  unansweredQuestion: [{ id: '5', title: 'Is the printer on?', type: 'list', format: 'radioButton', validAnswer: [{ id: '51', text: 'Yes' }] }],
  caseSearch: [{ caseId: '77', title: 'Turn it on', score: 80, passedThresholdValue: true, type: 'Control' }],
  vendorExtra: { kept: true },
};

/** The PlatformError a promise rejects with (fails the test if it resolves or throws something else). */
export async function rejectionOf(p: Promise<unknown> | (() => unknown)): Promise<PlatformError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    expect(err, String(err)).to.be.instanceOf(PlatformError);
    return err as PlatformError;
  }
  throw new Error('expected a PlatformError');
}
