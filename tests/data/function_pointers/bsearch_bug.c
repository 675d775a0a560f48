/* bsearch with a comparator that compares the wrong way: the table is in
 * ascending order, the comparator orders it descending, so some keys in the
 * table are not found. */
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
static int desc(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x < y) - (x > y);
}
static const int table[5] = {2, 3, 5, 7, 11};
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 4) return 0;
  int key = table[k];
  const int *hit = bsearch(&key, table, 5, sizeof table[0], desc);
  assert(hit != 0);
  return 0;
}
