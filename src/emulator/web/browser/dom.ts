/**
 * Browser side of the emulator's web pages: a tiny element builder, so the pages stay plain
 * DOM with no framework to download. Text always goes in as text nodes (never innerHTML):
 * what a bot or a log entry says can never become markup.
 */

type Child = Node | string | undefined | false;

export interface ElementOptions {
  class?: string;
  text?: string;
  attrs?: Record<string, string | undefined>;
  on?: { [K in keyof HTMLElementEventMap]?: (e: HTMLElementEventMap[K]) => void };
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, opts: ElementOptions = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (opts.class) node.className = opts.class;
  if (opts.text !== undefined) node.textContent = opts.text;
  for (const [name, value] of Object.entries(opts.attrs ?? {})) if (value !== undefined) node.setAttribute(name, value);
  for (const [type, handler] of Object.entries(opts.on ?? {})) node.addEventListener(type, handler as EventListener);
  for (const c of children) if (c !== undefined && c !== false) node.append(c);
  return node;
}

/** The element with this id, typed; a missing one is a bug in the page markup. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`element #${id} is missing from the page`);
  return node as T;
}

/** Only http(s) addresses become links or images: a bot cannot inject `javascript:` URLs. */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value, location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** JSON of the emulator's own API; an error body (spec 2.3) becomes an Error with its message. */
export async function fetchJson<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    ...(json !== undefined ? { body: JSON.stringify(json), headers: { 'content-type': 'application/json', ...(rest.headers ?? {}) } } : {}),
  });
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const e = body as { code?: string; developerMessage?: string } | undefined;
    throw new Error(e?.developerMessage ? `${e.code ?? res.status}: ${e.developerMessage}` : `HTTP ${res.status}`);
  }
  return body as T;
}
