/* Greets the name given as the only argument, which must be short. */
#include <stdio.h>
#include <string.h>
#include <assert.h>
int main(int argc, char **argv) {
  char name[16];
  if (argc != 2) {
    fprintf(stderr, "usage: %s NAME\n", argv[0]);
    return 1;
  }
  if (strlen(argv[1]) >= sizeof name)
    return 2;
  strcpy(name, argv[1]);
  assert(strlen(name) < 10);
  printf("hello %s\n", name);
  return 0;
}
