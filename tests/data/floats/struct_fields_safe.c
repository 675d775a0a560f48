#include <assert.h>

/* Records with an int and a double field: the ints are followed through
 * memory beside the doubles (a region with a double is modelled, its
 * cells the doubles' bits). */
struct reading {
  int id;
  double celsius;
};

extern int __VERIFIER_nondet_int(void);

int main(void) {
  struct reading r[8];
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8)
    return 0;
  for (int i = 0; i < n; i++) {
    r[i].id = i;
    r[i].celsius = 20.0 + i * 0.5;
  }
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < n)
    assert(r[k].id == k);
  return 0;
}
