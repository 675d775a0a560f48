// A structure of several widths cleared with memset and copied whole: each
// field keeps what was written to it.
// verdict: safe
// decided: O0 O2
#include <assert.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
struct rec { int id; long total; short flags; int *owner; };
int main(void) {
  struct rec *r = malloc(sizeof *r);
  if (!r) return 0;
  memset(r, 0, sizeof *r);
  r->id = __VERIFIER_nondet_int();
  struct rec copy;
  memcpy(&copy, r, sizeof copy);
  copy.total += copy.id;
  assert(copy.flags == 0 && copy.owner == 0 && copy.total == r->id);
  free(r);
  return 0;
}
