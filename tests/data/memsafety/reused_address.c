/* Frees a block twice if the C library gives the next block the freed
   one's address, as it may (SV-COMP's memsafety/cmp-freed-ptr, in short). */
#include <stdlib.h>

int main(void) {
  char *y = malloc(8);
  free(y);
  char *x = malloc(8);
  if (x == y)
    free(x);
  free(x);
  return 0;
}
