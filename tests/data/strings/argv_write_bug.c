/* The program ends its argument early: the string it measures then is shorter. */
#include <assert.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc < 2 || strlen(argv[1]) < 3)
    return 0;
  argv[1][1] = 0;
  assert(strlen(argv[1]) != 1);
  return 0;
}
