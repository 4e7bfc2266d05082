// Paths matched as Next.js matches its routes, for the route templates of the metrics, the logs
// and the traces (lib/observability/routes.ts), which name a request before Next.js routes it. Segment by segment, a static segment before a dynamic one
// ([name]), before a catch-all ([...name], one segment or more; [[...name]], none or more), with
// backtracking: /v1/Arbre/Arbre/7 is [key]/Arbre/[arbreId] when Arbre/[arbreId] has nothing more.

interface Node<T> {
  value?: T;
  statics: Map<string, Node<T>>;
  dynamic?: { name: string; node: Node<T> };
  catchAll?: { name: string; optional: boolean; value: T };
}

interface PathMatch<T> {
  value: T;
  /** The dynamic segments by name, as they are in the path (not decoded). */
  params: Record<string, string>;
}

export interface PathTrie<T> {
  /** The value of the template `segments` match, or null. */
  match(segments: string[]): PathMatch<T> | null;
}

const DYNAMIC = /^\[([A-Za-z0-9_]+)\]$/;
const CATCH_ALL = /^(\[)?\[\.\.\.([A-Za-z0-9_]+)\]\]?$/;

/**
 * A trie of templates ("Memorial/[memorialId]/Infos" split on "/") and their values. A template
 * listed twice, two names for one dynamic segment, or a catch-all before the last segment is an
 * error of the table, thrown here.
 */
export function createPathTrie<T>(entries: { segments: string[]; value: T }[]): PathTrie<T> {
  const root: Node<T> = { statics: new Map() };
  for (const { segments, value } of entries) {
    const shown = segments.join("/");
    let node = root;
    let caught = false;
    for (const [i, segment] of segments.entries()) {
      const catchAll = CATCH_ALL.exec(segment);
      if (catchAll) {
        if (i !== segments.length - 1)
          throw new Error(`route ${shown}: a catch-all must be the last segment`);
        node.catchAll = { name: catchAll[2]!, optional: Boolean(catchAll[1]), value };
        caught = true;
        break;
      }
      const dynamic = DYNAMIC.exec(segment);
      if (dynamic) {
        const name = dynamic[1]!;
        if (node.dynamic && node.dynamic.name !== name) {
          throw new Error(`route ${shown}: two names for one dynamic segment`);
        }
        node.dynamic ??= { name, node: { statics: new Map() } };
        node = node.dynamic.node;
      } else {
        if (/[[\]]/.test(segment))
          throw new Error(`route ${shown}: "${segment}" is no segment that is routed`);
        let child = node.statics.get(segment);
        if (!child) {
          child = { statics: new Map() };
          node.statics.set(segment, child);
        }
        node = child;
      }
    }
    if (caught) continue;
    if (node.value !== undefined) throw new Error(`route ${shown} is listed twice`);
    node.value = value;
  }

  function walk(node: Node<T>, segments: string[], i: number, params: Record<string, string>): T | undefined {
    if (i === segments.length) {
      if (node.value !== undefined) return node.value;
      if (node.catchAll?.optional) return node.catchAll.value;
      return undefined;
    }
    const segment = segments[i]!;
    const fixed = node.statics.get(segment);
    const viaFixed = fixed ? walk(fixed, segments, i + 1, params) : undefined;
    if (viaFixed !== undefined) return viaFixed;
    if (node.dynamic && segment !== "") {
      const viaDynamic = walk(node.dynamic.node, segments, i + 1, params);
      if (viaDynamic !== undefined) {
        params[node.dynamic.name] = segment;
        return viaDynamic;
      }
    }
    if (node.catchAll) {
      params[node.catchAll.name] = segments.slice(i).join("/");
      return node.catchAll.value;
    }
    return undefined;
  }

  return {
    match(segments) {
      const params: Record<string, string> = {};
      const value = walk(root, segments, 0, params);
      return value === undefined ? null : { value, params };
    },
  };
}
