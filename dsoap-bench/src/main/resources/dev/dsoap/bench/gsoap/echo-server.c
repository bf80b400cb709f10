/*
 * dsoap benchmark suite: a gSOAP 2.8 server for the CXF benchmark's echo service (EchoPort:
 * echoDoubles, echoInts, echoMios, echoStrings, echoVoid, document/literal wrapped). Strings are UTF-8
 * (SOAP_C_UTFSTRING). The SOAP code is generated at run time by
 * wsdl2h and soapcpp2 from the service's WSDL; this file is only the main loop and the operations.
 *
 *   echo-server PORT IDLE_SECONDS
 *
 * Binds 127.0.0.1:PORT (0: any free port), prints "listening PORT" on stdout, and serves one connection
 * at a time with HTTP keep-alive until no connection has arrived for IDLE_SECONDS, then exits 0.
 */
#include "soapH.h"
#include "echo.nsmap"
#include <stdio.h>
#include <stdlib.h>
#include <netinet/in.h>
#include <sys/socket.h>

int main(int argc, char **argv)
{
  struct soap *soap;
  SOAP_SOCKET master;
  if (argc != 3) {
    fprintf(stderr, "usage: echo-server PORT IDLE_SECONDS\n");
    return 2;
  }
  soap = soap_new1(SOAP_IO_KEEPALIVE | SOAP_IO_CHUNK | SOAP_XML_STRICT | SOAP_C_UTFSTRING);
  soap->bind_flags = SO_REUSEADDR;
  soap->accept_timeout = atoi(argv[2]);
  soap->recv_timeout = 60;
  soap->send_timeout = 60;
  soap->recv_maxlength = 256 * 1024 * 1024; /* the suite's largest messages are a few MB */
  soap->maxoccurs = 10 * 1000 * 1000;
  master = soap_bind(soap, "127.0.0.1", atoi(argv[1]), 16);
  if (!soap_valid_socket(master)) {
    soap_print_fault(soap, stderr);
    return 1;
  }
  {
    struct sockaddr_in bound;
    socklen_t len = sizeof bound;
    if (getsockname(master, (struct sockaddr *) &bound, &len) != 0) {
      perror("echo-server: getsockname");
      return 1;
    }
    printf("listening %d\n", ntohs(bound.sin_port));
  }
  fflush(stdout);
  for (;;) {
    SOAP_SOCKET s = soap_accept(soap);
    if (!soap_valid_socket(s)) {
      if (soap->errnum == 0) { /* accept timed out: idle long enough */
        break;
      }
      soap_print_fault(soap, stderr);
      break;
    }
    if (soap_serve(soap) != SOAP_OK && soap->error != SOAP_EOF) {
      soap_print_fault(soap, stderr);
    }
    soap_destroy(soap);
    soap_end(soap);
  }
  soap_free(soap);
  return 0;
}

int __ns1__echoDoubles(struct soap *soap, struct ns1__echoDoubles *in, struct ns1__echoDoublesResponse *out)
{
  (void) soap;
  out->__sizereturn_ = in->__sizev;
  out->return_ = in->v;
  return SOAP_OK;
}

int __ns1__echoInts(struct soap *soap, struct ns1__echoInts *in, struct ns1__echoIntsResponse *out)
{
  (void) soap;
  out->__sizereturn_ = in->__sizev;
  out->return_ = in->v;
  return SOAP_OK;
}

int __ns1__echoMios(struct soap *soap, struct ns1__echoMios *in, struct ns1__echoMiosResponse *out)
{
  (void) soap;
  out->__sizereturn_ = in->__sizev;
  out->return_ = in->v;
  return SOAP_OK;
}

int __ns1__echoStrings(struct soap *soap, struct ns1__echoStrings *in, struct ns1__echoStringsResponse *out)
{
  (void) soap;
  out->__sizereturn_ = in->__sizev;
  out->return_ = in->v;
  return SOAP_OK;
}

int __ns1__echoVoid(struct soap *soap, struct ns1__echoVoid *in, struct ns1__echoVoidResponse *out)
{
  (void) soap;
  (void) in;
  (void) out;
  return SOAP_OK;
}
