/**
 * A Redis Cluster over TLS, as managed services run it: three masters that speak only TLS
 * (`--port 0 --tls-port`, `tls-cluster yes`, so CLUSTER SLOTS names TLS ports), with a
 * certificate of a private CA made here by openssl for 127.0.0.1. The bot server reaches it
 * with `rediss://` seeds and trusts the CA through NODE_EXTRA_CA_CERTS, Node's own setting; the
 * probe (tlsClusterProbe.ts) runs in a child process because Node reads that setting only at
 * start-up. Without the CA the connection is refused, so the probe really spoke TLS.
 */
import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./tlsClusterProbe.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

const run = (cmd: string, args: string[], cwd: string) => {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
};

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** Three free ports whose cluster bus ports (+10000) are free too. */
async function freePorts(from: number): Promise<number[]> {
  for (let base = from; base < from + 400; base += 10) {
    const ports = [base, base + 1, base + 2];
    const all = [...ports, ...ports.map((p) => p + 10_000)];
    if ((await Promise.all(all.map(isFree))).every(Boolean)) return ports;
  }
  throw new Error('no three free ports for the TLS cluster');
}

function makeCertificates(dir: string): void {
  run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=hubbot test CA'], dir);
  run('openssl', ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'node.key', '-out', 'node.csr', '-subj', '/CN=127.0.0.1'], dir);
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run('openssl', ['x509', '-req', '-in', 'node.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'node.crt', '-days', '2', '-extfile', 'ext.cnf'], dir);
}

const TLS_CLI = (dir: string) => ['--tls', '--cacert', join(dir, 'ca.crt')];

function probe(seeds: string, env: Record<string, string>): Promise<{ ok: boolean; masters?: string[]; message?: string; error?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [PROBE], { env: { ...process.env, ...env, REDIS_CLUSTER_NODES: seeds }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', () => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as never);
      } catch {
        reject(new Error(`the probe printed no result: ${out}${err}`));
      }
    });
  });
}

describe('Redis Cluster over TLS (D1)', function () {
  this.timeout(90_000);
  let dir: string;
  let ports: number[];
  const nodes: ChildProcess[] = [];

  before(async function () {
    if (spawnSync('openssl', ['version']).error) this.skip();
    dir = mkdtempSync(join(tmpdir(), 'hubbot-tls-cluster-'));
    makeCertificates(dir);
    ports = await freePorts(17_601);
    for (const port of ports) {
      const args = [
        '--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1',
        '--tls-cert-file', join(dir, 'node.crt'), '--tls-key-file', join(dir, 'node.key'), '--tls-ca-cert-file', join(dir, 'ca.crt'),
        '--tls-auth-clients', 'no', '--tls-cluster', 'yes', '--tls-replication', 'yes',
        '--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`), '--cluster-node-timeout', '2000',
        '--save', '', '--appendonly', 'no', '--dir', dir,
      ];
      nodes.push(spawn('redis-server', args, { stdio: 'ignore' }));
    }
    for (const port of ports) {
      for (let i = 0; ; i++) {
        if (spawnSync('redis-cli', [...TLS_CLI(dir), '-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') break;
        if (i === 100) throw new Error(`TLS node ${port} did not answer`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    run('redis-cli', [...TLS_CLI(dir), '--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-yes'], dir);
    for (let i = 0; ; i++) {
      const states = ports.map((p) => spawnSync('redis-cli', [...TLS_CLI(dir), '-p', String(p), 'cluster', 'info'], { encoding: 'utf8' }).stdout);
      if (states.every((s) => s.includes('cluster_state:ok'))) break;
      if (i === 200) throw new Error('the TLS cluster did not reach cluster_state:ok');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  after(() => {
    for (const n of nodes) n.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('[D1] rediss:// seeds: scripts, storage and pub/sub reach every master over TLS, the private CA trusted through NODE_EXTRA_CA_CERTS', async () => {
    const seeds = `rediss://127.0.0.1:${ports[0]}`;
    const result = await probe(seeds, { NODE_EXTRA_CA_CERTS: join(dir, 'ca.crt') });
    expect(result, result.error).to.deep.include({ ok: true, message: 'hello' });
    expect(result.masters, 'every master was reached from one seed').to.deep.equal(ports.map((p) => `127.0.0.1:${p}`).sort());
  });

  it('[D1] without the CA the TLS connection is refused with an error, not a hang (the probe really spoke TLS)', async () => {
    const result = await probe(`rediss://127.0.0.1:${ports[0]}`, { NODE_EXTRA_CA_CERTS: '' });
    expect(result.ok).to.equal(false);
    // The operator's one line says why: the certificate, not only that no seed answered.
    expect(result.error).to.match(/certificate/i);
  });
});
