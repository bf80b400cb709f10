package com.example.quotes;

import jakarta.xml.bind.annotation.XmlType;

/** One instrument's quote: prices in the instrument's currency, the time in milliseconds since the epoch. */
@XmlType(name = "quote", propOrder = {"symbol", "bid", "ask", "time"})
public class Quote {
    private String symbol;
    private double bid;
    private double ask;
    private long time;

    public Quote() {
    }

    public Quote(String symbol, double bid, double ask, long time) {
        this.symbol = symbol;
        this.bid = bid;
        this.ask = ask;
        this.time = time;
    }

    public String getSymbol() {
        return symbol;
    }

    public void setSymbol(String symbol) {
        this.symbol = symbol;
    }

    public double getBid() {
        return bid;
    }

    public void setBid(double bid) {
        this.bid = bid;
    }

    public double getAsk() {
        return ask;
    }

    public void setAsk(double ask) {
        this.ask = ask;
    }

    public long getTime() {
        return time;
    }

    public void setTime(long time) {
        this.time = time;
    }
}
