/* A phone book as a linked list of malloc'd entries: lookup by number. */
#include <assert.h>
#include <stdlib.h>

struct entry {
    int number;
    int extension;
    struct entry *next;
};

struct entry *add(struct entry *book, int number, int extension)
{
    struct entry *e = malloc(sizeof(struct entry));
    e->number = number;
    e->extension = extension;
    e->next = book;
    return e;
}

struct entry *lookup(struct entry *book, int number)
{
    struct entry *e;
    for (e = book; e != NULL; e = e->next) {
        if (e->number == number)
            return e;
    }
    return NULL;
}

int extension_of(struct entry *book, int number)
{
    struct entry *e = lookup(book, number);
    if (e == NULL)
        return -1;
    return e->extension;
}

void release(struct entry *book)
{
    while (book != NULL) {
        struct entry *next = book->next;
        free(book);
        book = next;
    }
}

void test_known(void)
{
    struct entry *book = add(add(add(NULL, 5550, 12), 5551, 40), 5552, 7);
    assert(extension_of(book, 5551) == 40);
    assert(extension_of(book, 5550) == 12);
    release(book);
}

void test_unknown(void)
{
    struct entry *book = add(add(NULL, 5550, 12), 5551, 40);
    assert(extension_of(book, 4444) == -1);
    release(book);
}

void test_empty(void)
{
    assert(extension_of(NULL, 5550) == -1);
}
