/* A binary search tree built by a recursive insert that drops a duplicate
   key: three inserts give fewer than three nodes when two keys are equal. */
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct tree { int key; struct tree *left, *right; };
static struct tree *insert(struct tree *t, int k) {
  if (!t) {
    t = malloc(sizeof *t);
    if (!t) abort();
    t->key = k; t->left = t->right = 0;
    return t;
  }
  if (k < t->key) t->left = insert(t->left, k);
  else if (k > t->key) t->right = insert(t->right, k);
  return t;               /* a duplicate key is dropped */
}
static int size(struct tree *t) { return t ? 1 + size(t->left) + size(t->right) : 0; }
int main(void) {
  struct tree *t = 0;
  for (int i = 0; i < 3; i++) t = insert(t, __VERIFIER_nondet_int());
  assert(size(t) == 3);
  return 0;
}
