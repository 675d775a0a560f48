/* A size with a unit: "42k" reaches the error (strtol stops at 'k'). */
#include <assert.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  char *end;
  long n = strtol(argv[1], &end, 10);
  if (end == argv[1])
    return 1;
  if (*end == 'k')
    n *= 1024;
  else if (*end != '\0')
    return 1;
  if (n == 42 * 1024)
    assert(0);
  return 0;
}
