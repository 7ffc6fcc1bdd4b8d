/**
 * The `/provisioning` entry of the package: put the bot on a hub (and take it off) through the
 * conversation manager's API, from a setup description: `provision`, `teardown`, `status`, and
 * the description's reader. The `hubbot provision` command runs the same code.
 *
 * @packageDocumentation
 */
export { provision, teardown, status, formatStep, ProvisioningError } from '../provisioning/provision.js';
export { loadSetupFile, parseSetupDescription, SetupFileError, type SetupDescription } from '../provisioning/setupDescription.js';
