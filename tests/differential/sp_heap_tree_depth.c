/* A binary search tree of malloc'd nodes with a parent pointer and a count per key:
   insertion, in-order walk through parents, depth, and freeing in post-order. */
#include <stdio.h>
#include <stdlib.h>

typedef struct tnode {
    int key;
    int count;
    struct tnode *left, *right, *up;
} tnode;

static tnode *insert(tnode *root, int key) {
    tnode *parent = NULL, *p = root;
    while (p != NULL) {
        if (key == p->key) {
            p->count++;
            return root;
        }
        parent = p;
        p = key < p->key ? p->left : p->right;
    }
    tnode *n = calloc(1, sizeof(tnode));
    n->key = key;
    n->count = 1;
    n->up = parent;
    if (parent == NULL)
        return n;
    if (key < parent->key)
        parent->left = n;
    else
        parent->right = n;
    return root;
}

static tnode *first(tnode *p) {
    while (p->left != NULL)
        p = p->left;
    return p;
}

static tnode *next(tnode *p) {
    if (p->right != NULL)
        return first(p->right);
    while (p->up != NULL && p->up->right == p)
        p = p->up;
    return p->up;
}

static int depth(tnode *p) {
    if (p == NULL)
        return 0;
    int a = depth(p->left), b = depth(p->right);
    return 1 + (a > b ? a : b);
}

static void release(tnode *p) {
    if (p == NULL)
        return;
    release(p->left);
    release(p->right);
    free(p);
}

int main(void) {
    tnode *root = NULL;
    int x;
    while (scanf("%d", &x) == 1)
        root = insert(root, x);
    if (root == NULL) {
        printf("empty\n");
        return 1;
    }
    for (tnode *p = first(root); p != NULL; p = next(p))
        printf("%d x%d\n", p->key, p->count);
    printf("depth %d\n", depth(root));
    release(root);
    return 0;
}
