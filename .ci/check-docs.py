#!/usr/bin/env python3
"""Fails when a public declaration in Sources/ has no DocC comment (`///` or `/** */`) right above it
(attributes such as @inlinable may stand between), or when a documented public function, type or
operator has no example (a ```swift block) in its comment."""
import pathlib, re, sys

DECL = re.compile(r'^\s*(?:@[\w(). ,:"]+\s+)*(?:public|open)\s+(?:(?:static|final|indirect|mutating|nonisolated|override|convenience|required)\s+)*'
                  r'(func|init|var|let|struct|enum|class|protocol|typealias|actor|subscript|static|case)\b')
missing, no_example = [], []
for path in sorted(pathlib.Path('Sources').rglob('*.swift')):
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        if not DECL.match(line) or re.match(r'^\s*public\s+extension\b', line):
            continue
        j = i - 1
        while j >= 0 and re.match(r'^\s*@\w+', lines[j]):
            j -= 1
        comment = []
        while j >= 0 and (lines[j].strip().startswith('///') or lines[j].strip().startswith('*') or lines[j].strip().startswith('/**')):
            comment.append(lines[j]); j -= 1
        where = f'{path}:{i + 1}: {line.strip()[:90]}'
        if not comment:
            missing.append(where)
        elif DECL.match(line).group(1) in ('func', 'struct', 'enum', 'class', 'protocol', 'actor', 'init') \
                and not any('```' in c for c in comment):
            no_example.append(where)
for title, items in (('public declarations without a doc comment', missing),
                     ('documented declarations without a ```swift example', no_example)):
    if items:
        print(f'{len(items)} {title}:')
        print('\n'.join('  ' + x for x in items))
sys.exit(1 if missing or no_example else 0)
