/*
 * dsoap benchmark suite: a gSOAP 2.8 client for the benchmarks' echo services: the CXF endpoint's (EchoPort,
 * see echo-server.c) and the Axis2 ADB service's (AdbEcho.wsdl). Both have the same operations and items; the
 * C names gSOAP gives them differ only where noted at ECHO_WRAPPER and ECHO_MIO below. The Metro benchmarks'
 * service has echoDoubles only: a shape whose operation the WSDL lacks is refused (exit 2).
 *
 *   echo-client URL SHAPE ITEMS CALLS IN OUT
 *
 * SHAPE is doubles, ints, mios or strings. IN holds CALLS arrays of ITEMS items each, little-endian: a double
 * as its 8 IEEE 754 bytes, an int as 4 bytes, a MIO as int a, int b, double v, a string as its length in
 * bytes (4 bytes) and its UTF-8 bytes (no NUL). Strings are UTF-8 both ways (SOAP_C_UTFSTRING). The client calls the operation of
 * SHAPE at URL once per array over one kept-alive connection, checks that each echo has ITEMS items, writes
 * the echoed arrays to OUT in the same layout, and prints one line per call: "call N NANOSECONDS".
 * Exits 1 with the SOAP fault or transport error on stderr if a call fails.
 */
#include "soapH.h"
#include "echo.nsmap"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*
 * JAXB's WSDL (CXF) names the wrappers' types, so wsdl2h makes structs ns1__echoDoubles and a MIO struct
 * ns1__mio; AdbEcho.wsdl declares the wrappers with anonymous types, which wsdl2h names after their elements
 * (_ns1__echoDoubles), and its MIO type is "Mio" (ns1__Mio). The members are the same. soapStub.h defines a
 * SOAP_TYPE_ macro for each struct it declares.
 */
#if defined(SOAP_TYPE_ns1__echoDoubles)
#define ECHO_WRAPPER(name) struct ns1__##name
#elif defined(SOAP_TYPE__ns1__echoDoubles)
#define ECHO_WRAPPER(name) struct _ns1__##name
#else
#error "the WSDL gave no echoDoubles wrapper as ns1__echoDoubles or _ns1__echoDoubles"
#endif
#if defined(SOAP_TYPE_ns1__mio)
#define ECHO_MIO struct ns1__mio
#elif defined(SOAP_TYPE_ns1__Mio)
#define ECHO_MIO struct ns1__Mio
#endif
/* the operations this WSDL has besides echoDoubles */
#if defined(SOAP_TYPE_ns1__echoInts) || defined(SOAP_TYPE__ns1__echoInts)
#define ECHO_INTS 1
#endif
#if defined(SOAP_TYPE_ns1__echoStrings) || defined(SOAP_TYPE__ns1__echoStrings)
#define ECHO_STRINGS 1
#endif
#if defined(ECHO_MIO) && (defined(SOAP_TYPE_ns1__echoMios) || defined(SOAP_TYPE__ns1__echoMios))
#define ECHO_MIOS 1
#endif

static long long now_ns(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long) t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int read_all(FILE *f, void *p, size_t n)
{
  return fread(p, 1, n, f) == n;
}

/* Reads one string of IN (4-byte little-endian length, then its bytes) into memory gSOAP frees at soap_end. */
static char *read_string(struct soap *soap, FILE *f)
{
  unsigned char len[4];
  size_t n;
  char *s;
  if (!read_all(f, len, 4)) {
    return NULL;
  }
  n = (size_t) len[0] | (size_t) len[1] << 8 | (size_t) len[2] << 16 | (size_t) len[3] << 24;
  s = soap_malloc(soap, n + 1);
  if (!s || !read_all(f, s, n)) {
    return NULL;
  }
  s[n] = '\0';
  return s;
}

static void write_string(FILE *f, const char *s)
{
  size_t n = strlen(s);
  unsigned char len[4];
  len[0] = (unsigned char) n;
  len[1] = (unsigned char) (n >> 8);
  len[2] = (unsigned char) (n >> 16);
  len[3] = (unsigned char) (n >> 24);
  fwrite(len, 1, 4, f);
  fwrite(s, 1, n, f);
}

int main(int argc, char **argv)
{
  const char *url, *shape;
  int items, calls, c, strings;
  size_t width;
  FILE *in, *out;
  struct soap *soap;
  unsigned char *buf;
  if (argc != 7) {
    fprintf(stderr, "usage: echo-client URL SHAPE ITEMS CALLS IN OUT\n");
    return 2;
  }
  url = argv[1];
  shape = argv[2];
  items = atoi(argv[3]);
  calls = atoi(argv[4]);
  strings = !strcmp(shape, "strings");
  width = !strcmp(shape, "doubles") ? 8 : !strcmp(shape, "ints") ? 4 : !strcmp(shape, "mios") ? 16 : 0;
  if ((width == 0 && !strings) || items < 0 || calls < 1) {
    fprintf(stderr, "echo-client: bad arguments\n");
    return 2;
  }
  in = fopen(argv[5], "rb");
  out = fopen(argv[6], "wb");
  if (!in || !out) {
    perror("echo-client");
    return 2;
  }
  buf = malloc(width * (size_t) items + 1);
  soap = soap_new1(SOAP_IO_KEEPALIVE | SOAP_IO_CHUNK | SOAP_XML_STRICT | SOAP_C_UTFSTRING);
  soap->recv_timeout = 60;
  soap->send_timeout = 60;
  soap->recv_maxlength = 256 * 1024 * 1024;
  soap->maxoccurs = 10 * 1000 * 1000;
  for (c = 0; c < calls; c++) {
    long long t0, t1;
    int got, i, rc;
    if (!read_all(in, buf, width * (size_t) items)) {
      fprintf(stderr, "echo-client: %s holds fewer than %d arrays\n", argv[5], calls);
      return 2;
    }
    if (strings) {
#ifdef ECHO_STRINGS
      ECHO_WRAPPER(echoStrings) q;
      ECHO_WRAPPER(echoStringsResponse) r;
      char **v = soap_malloc(soap, sizeof(char *) * (size_t) (items > 0 ? items : 1));
      for (i = 0; i < items; i++) {
        if (!(v[i] = read_string(soap, in))) {
          fprintf(stderr, "echo-client: %s holds fewer than %d arrays of strings\n", argv[5], calls);
          return 2;
        }
      }
      q.__sizev = items;
      q.v = v;
      t0 = now_ns();
      rc = soap_call___ns1__echoStrings(soap, url, "", &q, &r);
      t1 = now_ns();
      got = rc == SOAP_OK ? r.__sizereturn_ : -1;
      for (i = 0; i < got && got == items; i++) {
        if (!r.return_[i]) {
          fprintf(stderr, "echo-client: call %d to %s echoed a nil string at item %d\n", c, url, i);
          return 1;
        }
        write_string(out, r.return_[i]);
      }
#else
      fprintf(stderr, "echo-client: this WSDL has no echoStrings\n");
      return 2;
#endif
    } else if (width == 8) {
      ECHO_WRAPPER(echoDoubles) q;
      ECHO_WRAPPER(echoDoublesResponse) r;
      q.__sizev = items;
      q.v = (double *) buf;
      t0 = now_ns();
      rc = soap_call___ns1__echoDoubles(soap, url, "", &q, &r);
      t1 = now_ns();
      got = rc == SOAP_OK ? r.__sizereturn_ : -1;
      if (got == items) {
        fwrite(r.return_, 8, (size_t) got, out);
      }
    } else if (width == 4) {
#ifdef ECHO_INTS
      ECHO_WRAPPER(echoInts) q;
      ECHO_WRAPPER(echoIntsResponse) r;
      q.__sizev = items;
      q.v = (int *) buf;
      t0 = now_ns();
      rc = soap_call___ns1__echoInts(soap, url, "", &q, &r);
      t1 = now_ns();
      got = rc == SOAP_OK ? r.__sizereturn_ : -1;
      if (got == items) {
        fwrite(r.return_, 4, (size_t) got, out);
      }
#else
      fprintf(stderr, "echo-client: this WSDL has no echoInts\n");
      return 2;
#endif
    } else {
#ifdef ECHO_MIOS
      ECHO_WRAPPER(echoMios) q;
      ECHO_WRAPPER(echoMiosResponse) r;
      ECHO_MIO *m = soap_malloc(soap, sizeof(ECHO_MIO) * (size_t) (items > 0 ? items : 1));
      for (i = 0; i < items; i++) {
        memcpy(&m[i].a, buf + 16 * (size_t) i, 4);
        memcpy(&m[i].b, buf + 16 * (size_t) i + 4, 4);
        memcpy(&m[i].v, buf + 16 * (size_t) i + 8, 8);
      }
      q.__sizev = items;
      q.v = m;
      t0 = now_ns();
      rc = soap_call___ns1__echoMios(soap, url, "", &q, &r);
      t1 = now_ns();
      got = rc == SOAP_OK ? r.__sizereturn_ : -1;
      for (i = 0; i < got && got == items; i++) {
        fwrite(&r.return_[i].a, 4, 1, out);
        fwrite(&r.return_[i].b, 4, 1, out);
        fwrite(&r.return_[i].v, 8, 1, out);
      }
#else
      fprintf(stderr, "echo-client: this WSDL has no echoMios\n");
      return 2;
#endif
    }
    if (rc != SOAP_OK) {
      fprintf(stderr, "echo-client: call %d to %s failed: ", c, url);
      soap_print_fault(soap, stderr);
      return 1;
    }
    if (got != items) {
      fprintf(stderr, "echo-client: call %d to %s echoed %d items, not %d\n", c, url, got, items);
      return 1;
    }
    printf("call %d %lld\n", c, t1 - t0);
    soap_destroy(soap);
    soap_end(soap);
  }
  fclose(out);
  fclose(in);
  soap_free(soap);
  free(buf);
  return 0;
}
