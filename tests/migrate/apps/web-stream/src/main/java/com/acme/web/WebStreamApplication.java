package com.acme.web;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class WebStreamApplication {

	public static void main(String[] args) {
		SpringApplication.run(WebStreamApplication.class, args);
	}
}
