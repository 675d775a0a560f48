#include <assert.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "boom") == 0) assert(0);
  return 0;
}
