#include <assert.h>
#include <string.h>

/* A table of doubles in memory keeps their bits: the entry 2.0
 * (0x4000000000000000) is found at the index the input picks. */
static const double table[4] = {0.5, 1.0, 2.0, 4.0};

extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 3)
    return 0;
  double d = table[k];
  unsigned long long b;
  memcpy(&b, &d, sizeof b);
  assert(b != 0x4000000000000000ULL);
  return 0;
}
