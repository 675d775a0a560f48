#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
static int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  assert(x != 7 || y != 7);   /* fails when two sevens are compared */
  return (x > y) - (x < y);
}
int main(void) {
  int a[3];
  for (int i = 0; i < 3; i++) a[i] = __VERIFIER_nondet_int();
  qsort(a, 3, sizeof a[0], cmp);
  return a[0] > a[1];
}
