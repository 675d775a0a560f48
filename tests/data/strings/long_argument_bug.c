/* An argument of 12 characters or more fails the check. */
#include <assert.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc < 2)
    return 0;
  assert(strlen(argv[1]) < 12);
  return 0;
}
