package com.example.quotes;

import jakarta.jws.WebParam;
import jakarta.jws.WebResult;
import jakarta.jws.WebService;

import java.util.List;

/** The service's contract, as clients see it: nothing of dsoap here, so clients of it are plain JAX-WS. */
@WebService(name = "QuoteBoard", targetNamespace = QuoteBoard.NS)
public interface QuoteBoard {
    String NS = "urn:example:quotes";

    /**
     * Posts quotes to the board.
     *
     * @param quotes the quotes, in any order
     * @return the board's quotes after the update, in the order posted
     */
    @WebResult(name = "quote")
    List<Quote> post(@WebParam(name = "quote") List<Quote> quotes);
}
