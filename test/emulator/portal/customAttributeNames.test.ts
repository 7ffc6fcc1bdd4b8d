import { expect } from 'chai';
import { ghCustomAttributesQuery } from '../../../src/platform/portal/portalParameterChecks.js';
import { customAttributeNames } from '../../../src/emulator/portal/guided/customAttributeParameter.js';

/** Whether each side takes `value`: the client before sending, the emulator on receiving. */
function clientTakes(value: string): boolean {
  try {
    ghCustomAttributesQuery(value);
    return true;
  } catch {
    return false;
  }
}
function emulatorTakes(value: string): boolean {
  try {
    customAttributeNames(new URLSearchParams({ ghCustomAdditionalAttributes: value }));
    return true;
  } catch {
    return false;
  }
}

describe('custom attribute names: the client and the emulator agree', () => {
  it('[P2] accept and refuse the same ghCustomAdditionalAttributes values', () => {
    const values = ['question.custom.color', 'question.custom.color-code', 'question.custom.Größe', 'question.custom.a,question.custom.b', 'question.custom.', 'custom.color', 'question.custom.two words'];
    const verdicts = values.map((v) => [v, clientTakes(v), emulatorTakes(v)]);
    for (const [v, client, emulator] of verdicts) expect(emulator, String(v)).to.equal(client);
    expect(verdicts.filter(([, ok]) => ok).map(([v]) => v)).to.deep.equal(values.slice(0, 4));
  });
});
