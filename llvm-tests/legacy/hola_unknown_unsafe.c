/* HOLA style (SV-COMP loop-invgen, loop-new): the loop's condition is
   unknown1(), which the program calls without a declaration and nothing
   defines: its results are inputs of the environment. The bug: three
   iterations. */
extern void reach_error(void);
int main() {
  int i = 0, j = 0;
  while (unknown1()) {
    i++;
    j += 2;
  }
  if (j != 2 * i)
    reach_error();
  if (i == 3)
    reach_error();
  return 0;
}
