# Command names written as string literals outside their own command file: each command's
# `name: "…"` from its CommandSpec, then every literal in Sources/ (product code, not the
# server, which has no commands) that is the name alone or a short command line starting with it
# ("delete \(id) --yes"; at most four words, so sentences that begin with "list" or "show" are
# left out), outside that file. Field names that are also commands (`stock`) are counted too:
# read the list.
import os, re
names = {}
for root, _, files in os.walk('Sources'):
    for f in files:
        if f.endswith('.swift') and '/Commands' in root or f.endswith('.swift') and 'RawRequests' in root:
            p = os.path.join(root, f)
            for m in re.finditer(r'CommandSpec\(\s*name:\s*"([^"]+)"', open(p).read()):
                names[m.group(1)] = p
found = []
for root, _, files in os.walk('Sources'):
    if any(x in root for x in ('Fuzz', 'Benchmarks', 'MarketTestSupport', 'OpenMarketServer', 'line-editor-demo')):
        continue
    for f in files:
        if not f.endswith('.swift'):
            continue
        p = os.path.join(root, f)
        for number, line in enumerate(open(p), 1):
            if line.strip().startswith('///') or line.strip().startswith('//'):
                continue
            for literal in re.findall(r'"((?:\\.|[^"\\])*)"', line):
                for name, home in names.items():
                    if p != home and (literal == name or (literal.startswith(name + ' ') and len(literal.split()) <= 4)):
                        found.append(f'{p}:{number}: "{literal}"')
print(len(found))
for item in found:
    print(' ', item)
