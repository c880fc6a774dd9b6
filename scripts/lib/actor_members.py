#!/usr/bin/env python3
"""Members of each actor in Sources, its extensions included: stored and computed properties,
functions and initialisers declared at the top level of the actor's body (issue 39 asks for the
largest). Prints `COUNT NAME (FILES files)`, largest first."""
import glob
import re
import sys
from collections import defaultdict

MEMBER = re.compile(
    r'^(@\w+(\([^)]*\))?\s+)*((private|fileprivate|internal|public|package|nonisolated|static|mutating|final|'
    r'lazy|override|private\(set\)|public\(set\)|internal\(set\)|package\(set\))\s+)*(let|var|func|init|subscript)\b')


def code_of(line):
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    return re.sub(r'//.*', '', line)


def scan(files):
    actors = set()
    for f in files:
        for line in open(f, encoding='utf-8'):
            m = re.match(r'^\s*(\w+\s+)*actor\s+(\w+)', code_of(line))
            if m:
                actors.add(m.group(2))
    members = defaultdict(int)
    where = defaultdict(set)
    for f in files:
        depth, inside = 0, None
        for line in open(f, encoding='utf-8'):
            code, s = code_of(line), line.strip()
            if inside is None and depth == 0:
                m = re.match(r'^(\w+\s+)*(actor|extension)\s+(\w+)\b', s)
                if m and m.group(3) in actors and '{' in code:
                    inside = m.group(3)
            elif inside and depth == 1 and MEMBER.match(s):
                members[inside] += 1
                where[inside].add(f)
            depth += code.count('{') - code.count('}')
            if depth == 0:
                inside = None
    return members, where


def main():
    files = sorted(glob.glob('Sources/**/*.swift', recursive=True))
    files = [f for f in files if not f.startswith(('Sources/MarketTestSupport/', 'Sources/Fuzz/', 'Sources/Benchmarks/'))]
    members, where = scan(files)
    for name, count in sorted(members.items(), key=lambda item: -item[1]):
        print(f"{count} {name} ({len(where[name])} files)")
    return 0


if __name__ == '__main__':
    sys.exit(main())
