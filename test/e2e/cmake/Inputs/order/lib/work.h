namespace order {
int work(int x);
}
