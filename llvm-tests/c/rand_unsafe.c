// Fails when rand() % 10 is 7 and there are two arguments.
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  (void)argv;
  int x = rand() % 10;
  if (x == 7 && argc == 3) assert(0);
  return 0;
}
