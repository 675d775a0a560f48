// The assertion fails only when malloc returns NULL.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  assert(p != 0);
  *p = 3;
  int r = *p;
  free(p);
  return r;
}
