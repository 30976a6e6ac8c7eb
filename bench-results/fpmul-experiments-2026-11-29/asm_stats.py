import re,sys,subprocess,collections
txt=open(sys.argv[1]).read().split('\n')
start=int(sys.argv[2]); 
code=bytearray(); i=start
in_code=False
while i < len(txt):
    l=txt[i]
    if l.startswith('[Stub Code]') or l.startswith('[Exception Handler]'): break
    m=re.match(r'\s+0x[0-9a-f]+: ((?:[0-9a-f]{4} ?\|? ?)+)$', l)
    if m and '{' not in l:
        hx=re.sub(r'[ |]','',m.group(1)); code+=bytes.fromhex(hx)
    i+=1
open('m.bin','wb').write(code)
out=subprocess.run(['objdump','-D','-b','binary','-m','i386:x86-64','m.bin'],capture_output=True,text=True).stdout
ins=[l.split('\t')[2].split()[0] for l in out.split('\n') if l.count('\t')>=2]
c=collections.Counter(ins)
print(len(code),'bytes',len(ins),'instrs')
print(c.most_common(22))
sp=sum(1 for l in out.split('\n') if 'rsp' in l and 'mov' in l)
print('rsp movs',sp)
