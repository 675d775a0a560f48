/* Frees the same block twice when an argument is given: p->b is p->a
   then. */
#include <stdlib.h>
struct pair { int *a; int *b; };
int main(int argc, char **argv) {
  struct pair *p = malloc(sizeof *p);
  if (!p) return 1;
  p->a = malloc(4);
  p->b = argc > 1 ? p->a : malloc(4);
  free(p->a);
  free(p->b);
  free(p);
  return 0;
}
