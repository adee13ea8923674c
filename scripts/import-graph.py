#!/usr/bin/env python3
"""Prints the server's folder-level import graph: for each top-level module of server/src
(a feature folder, or a wiring file such as state.rs), its floor and the modules it imports;
then any cycle between them (wiring aside) and any import up a floor. Exits 1 when there is
either. The floors are read from the FLOORS table of server/tests/structure.rs.

    python3 scripts/import-graph.py            # the graph, one line per module
    python3 scripts/import-graph.py --files    # each edge with the files that make it
    python3 scripts/import-graph.py --dot      # Graphviz

The same reading of the sources (comments and strings dropped, `use` groups expanded,
`super` resolved) is what server/tests/structure.rs enforces; see docs/architecture.md.
"""
import re
import sys
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "server" / "src"
STRUCTURE = SRC.parent / "tests" / "structure.rs"

TOKEN = re.compile(
    r"""(?P<ws>\s+)
      | (?P<line>//[^\n]*)
      | (?P<raw>r(?P<h>\#*)"(?:.|\n)*?"(?P=h))
      | (?P<str>"(?:\\.|[^"\\])*")
      | (?P<char>'(?:\\.[^']*|[^\\'])')
      | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<sep>::)
      | (?P<other>.)""",
    re.X | re.S,
)


def strip_block_comments(text):
    out, i, depth = [], 0, 0
    while i < len(text):
        two = text[i : i + 2]
        if two == "/*":
            depth += 1
            i += 2
        elif two == "*/" and depth:
            depth -= 1
            i += 2
        else:
            if not depth:
                out.append(text[i])
            i += 1
    return "".join(out)


def tokens(text):
    for m in TOKEN.finditer(strip_block_comments(text)):
        kind = m.lastgroup
        if kind in ("ws", "line"):
            continue
        if kind == "ident":
            yield ("ident", m.group())
        elif kind == "sep":
            yield ("sep", None)
        elif kind == "other" and m.group() in "{},;":
            yield (m.group(), None)
        else:
            yield ("other", None)


def paths(toks):
    """Every path written in the file, `use` groups expanded."""
    found, groups, current, prev = [], [], [], ("other", None)
    toks = list(toks)
    for i, (kind, value) in enumerate(toks):
        if kind == "ident":
            continues = prev[0] == "sep"
            in_group = prev[0] in ("{", ",") and groups and groups[-1] is not None
            if continues:
                current = current + [value]
            elif in_group:
                current = groups[-1] + [value]
            else:
                current = [value]
            nxt = toks[i + 1][0] if i + 1 < len(toks) else None
            if continues or in_group or nxt == "sep":
                found.append(current)
        elif kind == "{":
            groups.append(list(current) if prev[0] == "sep" else None)
        elif kind == "}":
            if groups:
                groups.pop()
        prev = (kind, value)
    return found


def module_of(rel):
    inner = rel[: -len(".rs")]
    if inner in ("lib", "main") or inner.startswith("bin/"):
        return []
    parts = inner.split("/")
    if parts[-1] == "mod":
        parts.pop()
    return parts


def top_level_modules():
    mods = set()
    for p in SRC.iterdir():
        if p.is_dir():
            mods.add(p.name)
        elif p.suffix == ".rs" and p.stem not in ("lib", "main"):
            mods.add(p.stem)
    mods.discard("bin")
    return mods


def resolve(module, segments, tops):
    first = segments[0]
    if first in ("crate", "shop"):
        rest = segments[1:]
        return rest[0] if rest and rest[0] in tops else None
    if first in ("self", "super"):
        base = list(module)
        rest = segments[1:] if first == "self" else segments
        while rest and rest[0] == "super":
            if not base:
                return None
            base.pop()
            rest = rest[1:]
        full = base + rest
        return full[0] if full and full[0] in tops else None
    return None


def graph():
    tops = top_level_modules()
    edges = defaultdict(lambda: defaultdict(set))
    for file in sorted(SRC.rglob("*.rs")):
        rel = file.relative_to(SRC).as_posix()
        module = module_of(rel)
        if not module:
            continue  # crate roots and binaries wire everything
        here = module[0]
        for segments in paths(tokens(file.read_text())):
            target = resolve(module, segments, tops)
            if target and target != here:
                edges[here][target].add("src/" + rel)
    return tops, edges


def cycles(tops, edges):
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(tops):
        if v not in index:
            visit(v)
    return out


def floors():
    """(floor name, modules) from the FLOORS table, and the WIRING_MODULES."""
    text = STRUCTURE.read_text()
    table = text[text.index("const FLOORS"):]
    table = table[: table.index("];")]
    found = [(m.group(1), re.findall(r'"([a-z_]+)"', m.group(2))) for m in re.finditer(r'\(\s*"([^"]+)",\s*&\[([^\]]*)\]', table)]
    wiring = text[text.index("const WIRING_MODULES"):]
    wiring = re.findall(r'"([a-z_]+)"', wiring[: wiring.index(";")])
    return found, wiring


def main():
    tops, edges = graph()
    table, wiring = floors()
    floor_of = {m: i for i, (_, ms) in enumerate(table) for m in ms}
    if "--dot" in sys.argv:
        print("digraph server {")
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f'  "{a}" -> "{b}";')
        print("}")
    else:
        for a in sorted(tops, key=lambda m: (floor_of.get(m, len(table)), m)):
            targets = sorted(edges[a])
            where = table[floor_of[a]][0] if a in floor_of else "wiring" if a in wiring else "NO FLOOR"
            print(f"{a} [{where}] -> {', '.join(targets) if targets else '(nothing)'}")
            if "--files" in sys.argv:
                for b in targets:
                    for f in sorted(edges[a][b]):
                        print(f"    {b}: {f}")
    inner = defaultdict(dict, {a: {b: fs for b, fs in edges[a].items() if b not in wiring} for a in edges if a not in wiring})
    found = cycles(tops - set(wiring), inner)
    upward = [
        (a, b, f)
        for a in sorted(edges)
        if a not in wiring
        for b in sorted(edges[a])
        if b != "state" and (b in wiring or floor_of.get(b, -1) > floor_of.get(a, len(table)))
        for f in sorted(edges[a][b])
    ]
    unplaced = sorted(m for m in tops if m not in floor_of and m not in wiring)
    for comp in found:
        print("CYCLE: " + " <-> ".join(comp))
    for a, b, f in upward:
        print(f"UPWARD: {f} ({a}) imports {b}")
    for m in unplaced:
        print(f"NO FLOOR: {m}")
    if found or upward or unplaced:
        sys.exit(1)
    print("\nacyclic, and no import goes up a floor")


if __name__ == "__main__":
    main()
