#!/usr/bin/env python3
"""Holds every #include of lib/, checks/ and cmd/ to lib/LAYERS: no upward edge, no cycle.

Usage: layers.py SOURCE_DIR [--graph]. Prints each offending include (file:line: from -> to) and
exits 1; with --graph prints the folder graph (an edge per folder pair, with its include count).
"""
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def ranks(root):
    table = {}
    for n, line in enumerate(l for l in (root / "lib/LAYERS").read_text().splitlines()
                             if l.strip() and not l.startswith("#")):
        for folder in line.split():
            table[folder] = n
    top = max(table.values())
    table["checks"] = top + 1
    table["cmd"] = top + 2
    return table


def module_of(root, path):
    """The module a file of the tree belongs to, or None."""
    rel = path.relative_to(root).parts
    if rel[0] in ("checks", "cmd"):
        return rel[0]
    if rel[:3] == ("lib", "include", "gpuwhy") and len(rel) > 4:
        return rel[3]
    if rel[:2] == ("lib", "src") and len(rel) > 3:
        return rel[2]
    return "?"


def target_of(root, src, name, table):
    """The module an include names: gpuwhy/<m>/..., a private lib/src/<m>/..., or a sibling."""
    parts = name.split("/")
    if parts[0] == "gpuwhy":
        return parts[1] if len(parts) > 2 else "?"
    if len(parts) > 1 and parts[0] in table and (root / "lib/src" / name).exists():
        return parts[0]
    sibling = src.parent / name
    if sibling.exists():
        return module_of(root, sibling.resolve())
    if (root / "checks" / name).exists():
        return "checks"
    if (root / "cmd" / name).exists():
        return "cmd"
    return None  # generated or third-party


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    table = ranks(root)
    files = [p for d in ("lib", "checks", "cmd") for p in (root / d).rglob("*")
             if p.suffix in (".h", ".cpp")]
    bad, edges = [], {}
    for f in sorted(files):
        mine = module_of(root, f)
        if mine not in table:
            bad.append(f"{f.relative_to(root)}: not in a folder of lib/LAYERS")
            continue
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            to = target_of(root, f, m.group(1), table)
            if to is None or to == mine:
                continue
            edges[(mine, to)] = edges.get((mine, to), 0) + 1
            if to not in table or table[to] >= table[mine]:
                bad.append(f"{f.relative_to(root)}:{n}: {mine} -> {to} ({m.group(1)})")
    if "--graph" in sys.argv:
        for (a, b), count in sorted(edges.items(), key=lambda e: (-table[e[0][0]], e[0])):
            print(f"{a} -> {b} ({count})")
    for line in bad:
        print(line)
    if bad:
        print(f"{len(bad)} include(s) against lib/LAYERS", file=sys.stderr)
        return 1
    print(f"{len(files)} files, {len(edges)} folder edges, none upward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
