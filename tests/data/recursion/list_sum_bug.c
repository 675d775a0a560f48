/* Recursion over a linked list built with malloc: three values of at most
   10 sum to 30 only if each is 10. */
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int val; struct node *next; };
static int sum(struct node *n) { return n ? n->val + sum(n->next) : 0; }
int main(void) {
  struct node *l = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) return 0;
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v > 10) return 0;
    n->val = v; n->next = l; l = n;
  }
  assert(sum(l) != 30);
  return 0;
}
