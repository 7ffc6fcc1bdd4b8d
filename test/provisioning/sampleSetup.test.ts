import { expect } from 'chai';
import { loadSetupFile, SetupFileError } from '../../src/provisioning/setupDescription.js';

describe('setup files', () => {
  it('the sample setup file of the README is valid', async () => {
    const d = await loadSetupFile('samples/setup.example.json');
    expect(d.participant.type).to.equal('custom_bot');
    expect(d.authentication.method).to.equal('POST');
  });

  it('a missing or non-JSON file is refused with its name', async () => {
    for (const file of ['samples/nope.json', 'README.md']) {
      try {
        await loadSetupFile(file);
        expect.fail('should refuse');
      } catch (err) {
        expect(err).to.be.instanceOf(SetupFileError);
        expect((err as Error).message).to.contain(file);
      }
    }
  });
});
