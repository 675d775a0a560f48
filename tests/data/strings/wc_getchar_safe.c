/* A word count over standard input: a word after the first follows a space. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>

int main(void) {
  int c, words = 0, chars = 0, in_word = 0;
  while ((c = getchar()) != EOF) {
    chars++;
    if (isspace(c))
      in_word = 0;
    else if (!in_word) {
      in_word = 1;
      words++;
    }
  }
  assert(2 * words <= chars + 1);
  return 0;
}
