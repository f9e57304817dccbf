/*
 * socket_clients — the socket figure of BENCHMARKS.md: N clients × M JSON-RPC calls against
 * `keyboardd serve --socket PATH`, each client on its own connection and thread, each call waiting for its
 * response before the next (so a call's latency is what a client feels). Written in C so the client's own
 * cost stays far below the server's on a 2-core machine.
 *
 * Build: cc -O2 -pthread -o socket_clients socket_clients.c
 * Usage: socket_clients SOCKET [--clients 50] [--calls 1000] [--method insertText] [--params '{"text":"a"}']
 *        [--setup '{"jsonrpc":"2.0","id":0,"method":"focus","params":{"text":""}}']
 * Prints one JSON object: clients, calls, errors, seconds, callsPerSecond, p50Microseconds, p99Microseconds,
 * maxMicroseconds. Exit codes: 0 success, 1 failure, 2 usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

struct client {
    pthread_t thread;
    int fd, index;
    double *latencies;
    int errors;
    char failure[256];
};

static const char *socket_path, *method = "insertText", *params = "{\"text\":\"a\"}";
static int calls = 1000;
static pthread_barrier_t start_line;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int connect_socket(void) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    snprintf(address.sun_path, sizeof address.sun_path, "%s", socket_path);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        if (fd >= 0) close(fd);
        return -1;
    }
    return fd;
}

static int write_all(int fd, const char *bytes, size_t length) {
    while (length) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return -1;
        bytes += n; length -= (size_t)n;
    }
    return 0;
}

/* A line reader per connection: returns the next line (without '\n'), or NULL at end or error. */
struct reader { int fd; char buffer[1 << 16]; size_t start, end; };

static char *read_line(struct reader *r) {
    for (;;) {
        char *newline = memchr(r->buffer + r->start, '\n', r->end - r->start);
        if (newline) {
            *newline = 0;
            char *line = r->buffer + r->start;
            r->start = (size_t)(newline - r->buffer) + 1;
            return line;
        }
        if (r->start > 0) {
            memmove(r->buffer, r->buffer + r->start, r->end - r->start);
            r->end -= r->start; r->start = 0;
        }
        if (r->end == sizeof r->buffer) return NULL; /* a line longer than the buffer */
        ssize_t n = read(r->fd, r->buffer + r->end, sizeof r->buffer - r->end);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return NULL;
        r->end += (size_t)n;
    }
}

/* The response to request `id`, skipping notifications (messages without an "id"). */
static char *read_response(struct reader *r) {
    char *line;
    while ((line = read_line(r)) && !strstr(line, "\"id\"")) {}
    return line;
}

static void *run_client(void *argument) {
    struct client *c = argument;
    struct reader *r = calloc(1, sizeof *r);
    r->fd = c->fd;
    char request[4096];
    pthread_barrier_wait(&start_line);
    for (int i = 0; i < calls; i++) {
        int length = snprintf(request, sizeof request, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"%s\",\"params\":%s}\n",
                              i + 1, method, params);
        double started = now();
        if (write_all(c->fd, request, (size_t)length) != 0) {
            snprintf(c->failure, sizeof c->failure, "client %d: write failed at call %d: %s", c->index, i + 1, strerror(errno));
            break;
        }
        char *response = read_response(r);
        c->latencies[i] = now() - started;
        if (!response) {
            snprintf(c->failure, sizeof c->failure, "client %d: connection closed at call %d", c->index, i + 1);
            break;
        }
        if (!strstr(response, "\"result\"")) {
            if (c->errors++ == 0) snprintf(c->failure, sizeof c->failure, "client %d: %.200s", c->index, response);
        }
    }
    free(r);
    return NULL;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int clients = 50;
    const char *setup = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"focus\",\"params\":{\"text\":\"\"}}";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--clients") && i + 1 < argc) clients = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--calls") && i + 1 < argc) calls = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--method") && i + 1 < argc) method = argv[++i];
        else if (!strcmp(argv[i], "--params") && i + 1 < argc) params = argv[++i];
        else if (!strcmp(argv[i], "--setup") && i + 1 < argc) setup = argv[++i];
        else if (!socket_path && argv[i][0] != '-') socket_path = argv[i];
        else { fprintf(stderr, "socket_clients: unexpected argument '%s'\n", argv[i]); return 2; }
    }
    if (!socket_path || clients < 1 || calls < 1) {
        fprintf(stderr, "usage: socket_clients SOCKET [--clients N] [--calls M] [--method NAME] [--params JSON] [--setup JSON]\n");
        return 2;
    }
    if (*setup) {
        int fd = connect_socket();
        if (fd < 0) { fprintf(stderr, "socket_clients: cannot connect to %s: %s\n", socket_path, strerror(errno)); return 1; }
        struct reader *r = calloc(1, sizeof *r);
        r->fd = fd;
        char *response = write_all(fd, setup, strlen(setup)) == 0 && write_all(fd, "\n", 1) == 0 ? read_response(r) : NULL;
        if (!response || !strstr(response, "\"result\"")) {
            fprintf(stderr, "socket_clients: setup failed: %s\n", response ? response : "no response");
            return 1;
        }
        free(r);
        close(fd);
    }
    struct client *all = calloc((size_t)clients, sizeof *all);
    pthread_barrier_init(&start_line, NULL, (unsigned)clients + 1);
    for (int i = 0; i < clients; i++) {
        all[i].index = i;
        all[i].latencies = calloc((size_t)calls, sizeof(double));
        all[i].fd = connect_socket();
        if (all[i].fd < 0) { fprintf(stderr, "socket_clients: client %d cannot connect: %s\n", i, strerror(errno)); return 1; }
        pthread_create(&all[i].thread, NULL, run_client, &all[i]);
    }
    pthread_barrier_wait(&start_line);
    double started = now();
    for (int i = 0; i < clients; i++) pthread_join(all[i].thread, NULL);
    double seconds = now() - started;

    size_t total = (size_t)clients * (size_t)calls, count = 0;
    double *latencies = malloc(total * sizeof(double));
    int errors = 0, failed = 0;
    for (int i = 0; i < clients; i++) {
        for (int j = 0; j < calls; j++) if (all[i].latencies[j] > 0) latencies[count++] = all[i].latencies[j];
        errors += all[i].errors;
        if (all[i].failure[0]) { fprintf(stderr, "socket_clients: %s\n", all[i].failure); failed = 1; }
        close(all[i].fd);
    }
    qsort(latencies, count, sizeof(double), compare);
    double p50 = count ? latencies[count / 2] : 0, p99 = count ? latencies[(size_t)((double)count * 0.99)] : 0;
    double max = count ? latencies[count - 1] : 0;
    printf("{\"clients\":%d,\"calls\":%zu,\"errors\":%d,\"seconds\":%.4f,\"callsPerSecond\":%.0f,"
           "\"p50Microseconds\":%.1f,\"p99Microseconds\":%.1f,\"maxMicroseconds\":%.1f}\n",
           clients, count, errors, seconds, (double)count / seconds, p50 * 1e6, p99 * 1e6, max * 1e6);
    return failed || count < total ? 1 : 0;
}
