/**
 * Where a process allocates, by V8's sampling heap profiler over the inspector, with the
 * objects the garbage collector has since freed kept in the samples: the allocation rate by
 * site, which is what scavenges cost. (`node --heap-prof` drops collected objects: it shows
 * what is retained, not what churns.) The profile opens in Chrome DevTools' Memory panel.
 */
import { createHook } from 'node:async_hooks';
import { Session } from 'node:inspector';
import { writeFile } from 'node:fs/promises';

/**
 * One sample every `intervalBytes` allocated, on average (V8's default is 32 KiB). Promises
 * created meanwhile are counted too (a promise hook, off again at `write`): each one is an
 * allocation, and with an AsyncLocalStorage in the process each one also pays its hook.
 *
 * @returns `write()`, which stops both, writes the profile and gives the promises counted
 */
export function startAllocationSampling(file: string, intervalBytes = 4096): { write(): Promise<{ promises: number }> } {
  let promises = 0;
  const counter = createHook({ init: (_id, type) => void (type === 'PROMISE' && promises++) }).enable();
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))));
  const started = post('HeapProfiler.startSampling', { samplingInterval: intervalBytes, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return {
    async write() {
      counter.disable();
      await started;
      const { profile } = await post<{ profile: unknown }>('HeapProfiler.stopSampling');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      return { promises };
    },
  };
}
