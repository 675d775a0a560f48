int main(void) {
  return undeclared_value;
}
