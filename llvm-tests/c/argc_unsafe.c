// Fails when the program is run with three arguments.
#include <assert.h>
int main(int argc, char **argv) {
  (void)argv;
  if (argc == 4) assert(0);
  return 0;
}
