"""Independent generator for the Fidelius edge-case vectors in fidelius-edge-vectors.json.

Written from fidelius.md (A.1, A.2) without looking at electron/crypto: plain affine
Weierstrass arithmetic with Python integers plus `cryptography` for HKDF and AES-GCM,
so a bug in the TypeScript module cannot hide in both. Run: python3 make-edge-vectors.py
"""
import base64, json, os, secrets
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

P = 2**255 - 19
A = 0x2AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA984914A144
B = 0x7B425ED097B425ED097B425ED097B425ED097B425ED097B4260B5E9C7710C864
G = (0x2AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAD245A,
     0x20AE19A1B8A086B4E01EDD2C7748D14C923D4D7E6D7C61B229E9C5A27ECED3D9)
N = 0x1000000000000000000000000000000014DEF9DEA2F79CD65812631A5CF5D3ED
X509_PREFIX = bytes.fromhex(
    "308201313081ea06072a8648ce3d02013081de020101302b06072a8648ce3d010102207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"
    "304404202aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa984914a14404207b425ed097b425ed097b425ed097b425ed097b425ed097b4260b5e9c7710c864"
    "0441042aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaad245a20ae19a1b8a086b4e01edd2c7748d14c923d4d7e6d7c61b229e9c5a27eced3d9"
    "02201000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed020108034200")

def add(p1, p2):
    if p1 is None: return p2
    if p2 is None: return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2 and (y1 + y2) % P == 0: return None
    if p1 == p2: l = (3 * x1 * x1 + A) * pow(2 * y1, -1, P) % P
    else: l = (y2 - y1) * pow(x2 - x1, -1, P) % P
    x3 = (l * l - x1 - x2) % P
    return (x3, (l * (x1 - x3) - y1) % P)

def mul(k, pt):
    acc = None
    while k:
        if k & 1: acc = add(acc, pt)
        pt = add(pt, pt); k >>= 1
    return acc

b64 = lambda b: base64.b64encode(b).decode()
def java_bytes(d):  # BigInteger.toByteArray() for a positive d < 2^255
    return d.to_bytes((d.bit_length() + 8) // 8, "big")
def raw(pt): return b"\x04" + pt[0].to_bytes(32, "big") + pt[1].to_bytes(32, "big")

def seal(secret, s_nonce, r_nonce, text):
    xor = bytes(a ^ b for a, b in zip(s_nonce, r_nonce))
    key = HKDF(hashes.SHA256(), 32, xor[:20], None).derive(secret)
    return AESGCM(key).encrypt(xor[20:], text.encode("utf-8"), None)

def vector(name, d_r, d_s, text, secret_fn=lambda x: x.to_bytes(32, "big"), sender_key_form="raw"):
    s_nonce, r_nonce = os.urandom(32), os.urandom(32)
    shared_x = mul(d_s, mul(d_r, G))[0]
    q_s = mul(d_s, G)
    sender_pub = b64(raw(q_s)) if sender_key_form == "raw" else b64(X509_PREFIX + raw(q_s))
    return {
        "name": name,
        "requesterPrivateKey": b64(java_bytes(d_r)), "requesterPublicKey": b64(raw(mul(d_r, G))),
        "requesterNonce": b64(r_nonce),
        "senderPrivateKey": b64(java_bytes(d_s)), "senderPublicKey": sender_pub, "senderNonce": b64(s_nonce),
        "plaintext": text, "sharedSecretHex": shared_x.to_bytes(32, "big").hex(),
        "encryptedData": b64(seal(secret_fn(shared_x), s_nonce, r_nonce, text)),
    }

rand = lambda: secrets.randbelow(N - 1) + 1
vectors = []
d = rand()
while len(java_bytes(d)) != 31: d = rand()
vectors.append(vector("31-byte requester private key", d, rand(), "Short keys are only 31 bytes in Java's BigInteger form."))
while True:
    d_r, d_s = rand(), rand()
    if mul(d_s, mul(d_r, G))[0] >> 248 == 0: break
vectors.append(vector("shared secret starting with 0x00", d_r, d_s, "The shared secret keeps its leading zero byte."))
vectors.append(vector("sender stripped the leading zero of the shared secret", d_r, d_s,
                      "A C# HIP fed HKDF only 31 bytes.", secret_fn=lambda x: x.to_bytes(32, "big").lstrip(b"\x00")))
vectors.append(vector("non-ASCII Hindi text", rand(), rand(), "रोगी का नाम: आशा वर्मा — रक्तचाप 120/80 mmHg"))
vectors.append(vector("sender public key as X.509", rand(), rand(), '{"resourceType":"Bundle"}', sender_key_form="x509"))

# A point on the curve outside the prime-order subgroup (must be refused as a public key).
x = 1
while True:
    rhs = (x**3 + A * x + B) % P
    y = pow(rhs, (P + 3) // 8, P)
    if y * y % P != rhs: y = y * pow(2, (P - 1) // 4, P) % P
    if y * y % P == rhs:
        torsion = mul(N, (x, y))
        if torsion is not None: break
    x += 1
# X.509 with the generator's y negated (one JS port): same group, must still be accepted.
neg_prefix = X509_PREFIX.replace(G[1].to_bytes(32, "big"), (P - G[1]).to_bytes(32, "big"))
q = mul(rand(), G)
# A raw point whose X has a leading zero byte, written without it (Go big.Int.Bytes()).
while True:
    q_short = mul(rand(), G)
    if q_short[0] >> 248 == 0 and q_short[1] >> 248 != 0: break
keys = {
    "torsionPoint": b64(raw(torsion)),
    "negatedGeneratorX509": b64(neg_prefix + raw(q)), "negatedGeneratorX509Point": b64(raw(q)),
    "shortXRawPoint": b64(b"\x04" + q_short[0].to_bytes(32, "big").lstrip(b"\x00") + q_short[1].to_bytes(32, "big")),
    "shortXRawPointRepaired": b64(raw(q_short)),
}
json.dump({"vectors": vectors, "keys": keys}, open(os.path.join(os.path.dirname(__file__) or ".", "fidelius-edge-vectors.json"), "w"),
          indent=2, ensure_ascii=False)
