/* Frees its two blocks only if they are one: they never are, both leak
   (SV-COMP's memsafety/test-0019-2, in short). */
#include <stdlib.h>

int main(void) {
  void *lo = malloc(16);
  void *hi = malloc(24);
  if (lo == hi) {
    free(lo);
    free(hi);
  }
  lo = 0;
  hi = 0;
  return 0;
}
