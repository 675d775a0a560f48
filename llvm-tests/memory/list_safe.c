// A linked list of structures (an int beside a pointer: one array per field)
// built in a loop with malloc and walked.
// verdict: safe
// decided: O0 O2
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) return 0;
    n->val = __VERIFIER_nondet_int() & 7;
    n->next = head;
    head = n;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->val;
  assert(sum <= 21);
  return 0;
}
