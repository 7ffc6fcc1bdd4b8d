import { expect } from 'chai';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { createLogger, resolveLogFormat } from '../../src/observability/logger.js';
import { loadConfig } from '../../src/config/config.js';

/** A destination that collects what the logger writes. */
function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (c: string) => (text += c));
  return { stream, text: () => text };
}

describe('log format', () => {
  it('[O2] auto is readable lines on a terminal and JSON elsewhere; LOG_FORMAT forces either', () => {
    expect(resolveLogFormat('auto', { isTTY: true })).to.equal('pretty');
    expect(resolveLogFormat('auto', { isTTY: false })).to.equal('json');
    expect(resolveLogFormat(undefined, {})).to.equal('json');
    expect(resolveLogFormat('json', { isTTY: true })).to.equal('json');
    expect(resolveLogFormat('pretty', { isTTY: false })).to.equal('pretty');
    expect(loadConfig({}).LOG_FORMAT).to.equal('auto');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).to.equal('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).to.throw(/LOG_FORMAT: .*auto \(the default\), pretty or json/);
  });

  it('[O2] pretty: time, level, name and message on one line, fields below, secrets still hidden', async () => {
    const out = capture();
    const logger = createLogger({ name: 'hubbot', format: 'pretty', destination: out.stream });
    const written = once(out.stream, 'data');
    logger.info({ conversationId: 'c-1', clientSecret: 'do-not-show-me-0123' }, 'hub bot listening');
    await written;
    const [first, ...rest] = out.text().trimEnd().split('\n');
    expect(first).to.match(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(hubbot\): hub bot listening$/);
    expect(rest.join('\n')).to.include('conversationId: "c-1"');
    expect(out.text()).to.not.include('do-not-show-me-0123');
    expect(out.text()).to.not.match(/^\{/m);
  });

  it('[O2] json stays one document per line', async () => {
    const out = capture();
    const logger = createLogger({ name: 'hubbot', format: 'json', destination: out.stream });
    const written = once(out.stream, 'data');
    logger.warn({ n: 1 }, 'platform call: backing off');
    await written;
    expect(JSON.parse(out.text().trim())).to.deep.include({ level: 40, name: 'hubbot', n: 1, msg: 'platform call: backing off' });
  });
});
