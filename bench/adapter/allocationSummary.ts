/**
 * A .heapprofile of allocationSampling.ts read as bytes allocated per message: summed by source
 * (our files, each package, node internals, the VM's own: promises, closures, arrays) and by
 * allocation site. Sources read as in the CPU profile summary (`sourceOf`).
 */
export interface HeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapProfileNode[];
}

export interface AllocationSummary {
  /** Bytes allocated in all. */
  total: number;
  /** Bytes per source, highest first. */
  sources: [string, number][];
  /** Bytes per allocation site (function, source and line), highest first. */
  sites: [string, number][];
}

/**
 * @param head - the profile's root (`profile.head`)
 * @param sourceOf - a frame's source, short (profileRoundTrip.ts)
 * @param top - rows kept of each list
 */
export function summariseAllocations(head: HeapProfileNode, sourceOf: (url: string, name: string) => string, top = 25): AllocationSummary {
  const sources = new Map<string, number>();
  const sites = new Map<string, number>();
  let total = 0;
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const stack = [head];
  while (stack.length > 0) {
    const n = stack.pop()!;
    stack.push(...n.children);
    if (n.selfSize === 0) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    // The VM's own allocations (a Promise, an array's growth) have no script: say so, not '(native)' alone.
    const src = url ? sourceOf(url, functionName) : '(VM: promises, closures, arrays...)';
    total += n.selfSize;
    add(sources, src, n.selfSize);
    add(sites, `${functionName || '(anonymous)'} ${src}${url ? `:${lineNumber + 1}` : ''}`, n.selfSize);
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { total, sources: sorted(sources), sites: sorted(sites) };
}
