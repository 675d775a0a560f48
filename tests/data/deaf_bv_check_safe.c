/* scripts/fuzz program f2028000026 (seed 2028): SAFE (ufo proves it at -O2). At -O0 the
   certificate check of Spacer's invariant under bv stays in Z3's bit-vector internalization,
   which does not poll the interrupt (tests/cancel.rs). */
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x1 = __VERIFIER_nondet_uint();
  x1 = ((x1 * x1) - (x1 - x1));
  x1 = (x1 >> ((x1 >> ((~x1) & 1u)) & 1u));
  long v2 = x1;
  for (int i3 = 0; i3 < 3; i3++) {
    x1 = (x1 + ((x1 + (-3)) == 0u ? 3u : ((x1 * x1) / (x1 + (-3)))));
    if (((-3ll) & v2) < 3407937522ll) break;
  }
  v2 ^= ((long long)((unsigned long long)(v2 + (-7ll)) * (unsigned long long)(x1 >> ((x1 >> 2) & 1u))));
  v2 = (((x1 <= 0l) & ((int)x1)) == 0u ? 0u : ((x1 << 0) % ((x1 <= 0l) & ((int)x1))));
  x1 |= (!(((unsigned long long)0u) <= 127ull));
  x1 = ((~(-3)) | ((-10ll) - x1));
  int i4 = 0;
  do {
    if ((1000 > i4) && (i4 <= v2)) break;
    v2 += ((i4 << 0) != (x1 ^ i4));
    i4++;
  } while (i4 < 1);
  if (v2 == x1) reach_error();
  return 0;
}
