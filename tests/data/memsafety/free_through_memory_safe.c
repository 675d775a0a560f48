/* Frees blocks through pointers it keeps in a heap struct: free() goes by
   address, so the model frees the block at that address. */
#include <stdlib.h>
struct pair { int *a; int *b; };
int main(int argc, char **argv) {
  struct pair *p = malloc(sizeof *p);
  if (!p) return 1;
  p->a = malloc(4);
  p->b = argc > 1 ? p->a : malloc(4);
  free(p->a);
  if (argc <= 1) free(p->b);
  free(p);
  return 0;
}
