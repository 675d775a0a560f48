/* strtol without digits: its end is the string itself, and the value 0. */
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  char *end;
  long n = strtol(argv[1], &end, 10);
  if (end == argv[1])
    assert(n == 0);
  return 0;
}
