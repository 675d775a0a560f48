#include <assert.h>
#include <stdio.h>
#include <string.h>

/* scanf("%s") reads a word up to white space; a NUL byte is not white
 * space, so the word read may be empty as a string. */
int main(void) {
  char word[8];
  if (scanf("%7s", word) != 1)
    return 0;
  assert(strlen(word) >= 1);
  return 0;
}
