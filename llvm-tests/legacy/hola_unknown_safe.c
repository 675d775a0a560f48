/* HOLA style: the loop runs as long as unknown1() (an input of the
   environment) says; j stays 2 * i. */
extern void reach_error(void);
int main() {
  int i = 0, j = 0;
  while (unknown1()) {
    i++;
    j += 2;
  }
  if (j != 2 * i)
    reach_error();
  return 0;
}
