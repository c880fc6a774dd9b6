# The longest functions in Sources/ (product code), by lines from `func`/`init` to its closing
# brace; braces inside string literals (single-line and """ blocks) and comments are skipped.
import re,os
def strip(text):
    out=[];i=0;n=len(text);mode=None
    while i<n:
        c=text[i]
        if mode is None:
            if text.startswith('"""',i): mode='ml'; i+=3; continue
            if c=='"': mode='s'; i+=1; continue
            if text.startswith('//',i):
                j=text.find('\n',i); i=n if j<0 else j; continue
            out.append(c); i+=1
        elif mode=='s':
            if c=='\\': i+=2; continue
            if c=='"': mode=None
            elif c=='\n': mode=None; out.append(c)
            i+=1
        else:
            if text.startswith('"""',i): mode=None; i+=3; continue
            if c=='\n': out.append(c)
            i+=1
    return ''.join(out)
res=[]
for root,_,files in os.walk('Sources'):
    if any(x in root for x in ('Fuzz','Benchmarks','MarketTestSupport')): continue
    for f in files:
        if not f.endswith('.swift'): continue
        p=os.path.join(root,f); lines=strip(open(p).read()).split('\n')
        for i,l in enumerate(lines):
            if not re.search(r'\b(func|init)\b[\s(<?]', l): continue
            depth=0; started=False
            for j in range(i,len(lines)):
                depth+=lines[j].count('{')-lines[j].count('}')
                if '{' in lines[j]: started=True
                if started and depth<=0:
                    res.append((j-i+1,p,i+1,l.strip()[:60])); break
res.sort(reverse=True)
for r in res[:6]: print(r[0], f"{r[1]}:{r[2]}", r[3])
