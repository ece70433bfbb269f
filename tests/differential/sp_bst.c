#include <stdio.h>
#include <stdlib.h>

struct tree { int key; int count; struct tree *left, *right; };

struct tree *insert(struct tree *t, int k) {
  if (t == NULL) {
    t = malloc(sizeof(struct tree));
    t->key = k; t->count = 1; t->left = t->right = NULL;
  } else if (k < t->key) {
    t->left = insert(t->left, k);
  } else if (k > t->key) {
    t->right = insert(t->right, k);
  } else {
    t->count++;
  }
  return t;
}

void inorder(const struct tree *t) {
  if (!t) return;
  inorder(t->left);
  printf("%d", t->key);
  if (t->count > 1) printf("x%d", t->count);
  printf(" ");
  inorder(t->right);
}

int height(struct tree *t) {
  if (t == NULL) return 0;
  int l = height(t->left), r = height(t->right);
  return 1 + (l > r ? l : r);
}

void destroy(struct tree *t) {
  if (t == NULL) return;
  destroy(t->left);
  destroy(t->right);
  free(t);
}

int main(void) {
  struct tree *root = NULL;
  int k;
  while (scanf("%d", &k) == 1) root = insert(root, k);
  inorder(root);
  printf("\nheight %d\n", height(root));
  if (root) {
    struct tree *m = root;
    while (m->left) m = m->left;
    printf("min %d\n", m->key);
  }
  destroy(root);
  return 0;
}
